// The about page.
export const about = {
  hero: {
    eyebrow: 'About Volta Labs',
    title: 'A software agency from Accra, building for the world',
    lead: 'Volta Labs designs, builds and runs websites, apps and cloud systems for businesses, nonprofits and ministries in Ghana, Europe and North America.',
  },
  story: {
    title: 'Our story',
    paragraphs: [
      'Volta Labs started in 2019 in a small office in Osu, Accra, when our founder Kwame Asante and two engineers took on their first client: a logistics company that needed its delivery app rebuilt in six weeks. They delivered in five, and the client introduced them to the next one.',
      'Today we are four departments, software development, UI/UX design, web design and DevOps, working as one team. Our clients include a cleaning company in Amsterdam, a children’s education nonprofit, a custom cake business, a water company in Ghana and two Christian ministries, and many more whose work is private.',
      'Our name comes from the Volta, the river whose dam at Akosombo powers much of Ghana. We want to be the energy behind our clients’ products: quiet, reliable and always on.',
    ],
  },
  mission: {
    title: 'Our mission',
    text: 'To help ambitious organisations launch useful software quickly, without cutting the corners that matter: quality, security, accessibility and a clean handover.',
  },
  values: {
    title: 'What we value',
    items: [
      { title: 'Speed with care', text: 'We launch MVPs within days, not weeks, because we keep scope tight and quality checks automatic.' },
      { title: 'Plain talk', text: 'Fixed quotes, honest timelines and weekly demos. If something is at risk, you hear it from us first.' },
      { title: 'You own everything', text: 'Your code, your designs, your accounts. No lock-in, and documentation your next team will thank you for.' },
      { title: 'Built for real conditions', text: 'Fast on slow networks, usable on older phones and accessible to everyone, because that is how people really use software.' },
    ],
  },
  whyGhana: {
    title: 'Why work with a team in Ghana',
    items: [
      'Ghana is on GMT all year, so our day overlaps fully with the UK, almost fully with Europe and with the North American morning.',
      'English is our working language, and our team has delivered for clients on three continents.',
      'You get senior engineers and designers at prices that make sense for startups and nonprofits.',
      'We understand African markets first-hand: mobile money, patchy networks and mobile-first users.',
    ],
  },
} as const;

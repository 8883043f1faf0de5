// The case-study text of each portfolio project, keyed by slug. Imported by the detail page and the
// server only (see portfolioCards.ts).
export interface PortfolioStory {
  about: string;
  problem: string;
  solution: string;
  impact: string;
}

export const portfolioStories: Record<string, PortfolioStory> = {
  'helder-cleaning-amsterdam': {
    about: 'Helder Schoonmaak is a family-run cleaning company with a team of 25 cleaners serving homes and offices across Amsterdam. We designed and built their new website and booking system in Dutch and English.',
    problem: 'Every booking started with a phone call or an email asking for a price. The owners spent their evenings writing quotes by hand, customers waited a day for an answer and many booked a competitor in the meantime. The old website was a single page that looked dated on phones and said nothing about prices.',
    solution: 'We built a fast, bilingual website with an instant quote calculator: customers choose the type of cleaning, the size of their home and how often they want it, see a price straight away and book a slot that syncs with the team’s shared calendar. Payment by iDEAL or card is taken at booking, and automatic reminders go out the day before. A simple admin area lets the office adjust prices, areas and availability without a developer.',
    impact: 'Within three months, 62% of bookings came through the website, quote requests by phone fell by more than half and the owners got their evenings back. Missed appointments dropped from about one in ten to fewer than one in forty once reminders were introduced.',
  },
  'bright-steps-learning-foundation': {
    about: 'Bright Steps Learning Foundation runs after-school reading clubs for children aged 6 to 12 in rural communities in northern Ghana and Togo. It trains local volunteers and supplies books in English, French and local languages.',
    problem: 'Most donations arrived through bank transfers arranged by email, which made monthly giving almost impossible to manage. The old website was slow on the mobile connections the field staff rely on, and volunteers could not update it, so news from the reading clubs reached donors months late, if at all.',
    solution: 'We built a new website on a custom WordPress block theme that loads quickly even on 3G. Donors give once or monthly by card through Stripe, or by mobile money through Paystack in Ghana, and can sponsor a specific reading club that then sends them quarterly updates. Field coordinators publish short stories with photos straight from their phones through a simplified editor, and every donation triggers a personal thank-you email.',
    impact: 'Monthly donors grew from 14 to 160 in the first year. Online giving now covers the running costs of 38 reading clubs, and the average page loads in under two seconds on a mobile connection in Tamale.',
  },
  'sugarcraft-cakes-online-shop': {
    about: 'Sugarcraft by Esi makes celebration and wedding cakes to order in Accra, with a kitchen team of six bakers and decorators. Before the project, every order arrived through Instagram messages and WhatsApp.',
    problem: 'Each order took a long chat to settle flavours, sizes, decoration and a date, and details were often lost between messages. Deposits had to be chased by hand, double bookings happened in the wedding season and customers could not see prices without asking.',
    solution: 'We built a Shopify store with a step-by-step cake builder: size, sponge, filling, decoration and a personal message, with the price updating as customers choose. A calendar offers only the dates the kitchen can still take, based on its daily capacity. Customers pay a 50% deposit by mobile money or card through Paystack, and the balance is requested automatically before delivery. The kitchen receives each order as a printable job sheet with every detail and a delivery map.',
    impact: 'Online orders reached 70% of all orders within four months. The average order value rose by 24% thanks to clearly priced add-ons, and the wedding season passed without a single double booking.',
  },
  'aquapure-water-delivery-app': {
    about: 'AquaPure Ghana produces bottled water, sachet water and 18.9-litre dispenser bottles and delivers them to homes, offices and shops across Greater Accra and Kumasi.',
    problem: 'Orders came in by phone to a busy call centre, delivery riders worked from paper lists and customers had no idea when their water would arrive. Most payments were cash on delivery, which made reconciliation slow and put riders at risk.',
    solution: 'We built customer apps for iOS and Android in which people reorder in two taps, schedule recurring deliveries for offices, pay with MTN MoMo, Telecel Cash or a card and follow their rider on a map. A rider app groups orders into efficient routes and keeps working offline when the signal drops, and a web dashboard gives dispatchers a live view of every order in both cities.',
    impact: 'Within six months 45% of orders came through the app. Cash carried by riders fell by two thirds, and deliveries per rider per day rose from 18 to 26 thanks to route planning.',
  },
  'covenant-light-ministries-website': {
    about: 'Covenant Light Ministries is a multicultural church in south London with around 600 members and a growing online congregation in Ghana, Nigeria and the United States.',
    problem: 'Sermons were scattered across YouTube, a podcast host and Facebook, and the website was rarely updated because only one volunteer knew how. Online giving went through a third-party page that charged high fees and did not record Gift Aid declarations.',
    solution: 'We built a WordPress site with a custom block theme and a sermon library that brings video, audio and notes together, searchable by speaker, series and Bible book. Sunday services stream live on the home page. Giving through Stripe supports one-off and regular gifts in pounds and captures Gift Aid declarations from UK taxpayers. Volunteers now manage events, announcements and sermon uploads themselves.',
    impact: 'Regular online givers tripled in the first nine months, sermon plays grew by 80% and the media team publishes each Sunday’s message within two hours of the service ending.',
  },
  'house-of-grace-church-app': {
    about: 'House of Grace Global Ministries is a ministry in Houston, Texas, with two campuses and a large community of members who follow its teaching online.',
    problem: 'The daily devotional went out as a long email that few people opened, prayer requests piled up in an overflowing inbox and event sign-ups lived in separate online forms. Leaders had no single place to reach and care for their members.',
    solution: 'We designed and built an iOS and Android app with the daily devotional, including an audio version and a gentle morning notification. A prayer wall lets members share requests and pray for one another, with every post reviewed by a moderator before it appears. Members register for events, receive reminders and give through Stripe, and leaders schedule devotionals weeks ahead from a simple web dashboard.',
    impact: 'Over 4,000 members installed the app in the first three months. Devotional readership rose from about 900 email opens to 2,700 daily readers, and more than 12,000 prayers were recorded on the prayer wall in the first year.',
  },
};

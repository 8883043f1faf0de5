import { describe, expect, it } from 'vitest';
import { localIntent, localReply, projectTypeIn } from '../../shared/chat/local.ts';

const ask = (text: string, booking: { url: string; external: boolean } | null = { url: '/booking', external: false }) =>
  localReply([{ role: 'user', text }], { booking });

describe('local assistant intents', () => {
  it.each([
    ['Hello', 'greeting'], ['Thanks!', 'thanks'], ['Can I book a call?', 'booking'], ['How much does a mobile app cost?', 'estimate'],
    ['What are your prices?', 'prices'], ['Show me your portfolio', 'portfolio'], ['See our work', 'portfolio'], ['How can I contact you?', 'contact'],
    ['Do you do SEO?', 'service'], ['Tell me about DevOps', 'department'], ['What services do you offer?', 'services'],
    ['Do you work on fixed prices?', 'prices'], ['Is the first consultation free?', 'booking'], ['asdf qwerty', 'fallback'],
  ])('%s → %s', (text, intent) => {
    expect(localIntent(text)).toBe(intent);
  });

  it('recognises project types in free text', () => {
    expect(projectTypeIn('an online store')).toBe('e-commerce');
    expect(projectTypeIn('a web app for clinics')).toBe('web-app');
    expect(projectTypeIn('a small site')).toBe('simple-website');
    expect(projectTypeIn('hello')).toBeNull();
  });
});

describe('local assistant answers from the site content', () => {
  it('estimates with the table and multipliers', () => {
    const r = ask('How much would an urgent mobile app with 6 features cost?');
    expect(r.parts[0]).toMatchObject({ type: 'estimate', estimate: { projectType: 'mobile-app', min: 15600, max: 46800 } });
    expect(r.text).toContain('$15,600 – $46,800');
  });

  it('shows portfolio cards by category', () => {
    const r = ask('Show me your nonprofit projects');
    expect(r.parts[0]).toMatchObject({ type: 'portfolio', category: 'nonprofit' });
    const all = ask('Can I see examples of your work?');
    expect(all.parts[0]).toMatchObject({ type: 'portfolio', category: 'all' });
    expect(all.parts[0]!.type === 'portfolio' && all.parts[0]!.projects).toHaveLength(3);
  });

  it('departments, services, booking and contact', () => {
    expect(ask('Tell me about DevOps').parts[0]).toMatchObject({ type: 'department', department: { id: 'devops', priceText: '$3,000 – $15,000' } });
    expect(ask('Do you do SEO?').text).toContain('SEO Optimization');
    expect(ask('I want to book a consultation').parts[0]).toMatchObject({ type: 'booking', url: '/booking', minutes: 30 });
    expect(ask('book a meeting', null).text).toBe('Booking system not available. Please visit our contact page.');
    expect(ask('What is your email address?').parts[0]).toMatchObject({ type: 'contact', email: 'hello@voltalabs.dev' });
    expect(ask('What services do you offer?').text).toContain('Software Development');
  });

  it('answers FAQ questions and always offers chips, a person too when it cannot help', () => {
    const r = ask('How quickly can you launch an MVP?');
    expect(r.parts[0]).toMatchObject({ type: 'faq' });
    expect(r.text).toMatch(/MVP/);
    expect(ask('asdf qwerty').chips).toEqual(['Our services', 'See our work', 'Get a price estimate', 'Book a consultation', 'Talk to a person']);
    expect(ask('How quickly can you launch an MVP?').chips).toEqual(['Our services', 'See our work', 'Get a price estimate', 'Book a consultation']);
  });
});

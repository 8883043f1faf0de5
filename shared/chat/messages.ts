import { site } from '../site.ts';

// Every string the chat shows or the AI tools return. Strings fixed by docs/product.md (§16) are
// word for word; the others are ours. One copy, used by the Worker, the widget and the tests.

export const chatMessages = {
  // docs/product.md §16.2
  invalidEmail: "That doesn't look like a valid email address. Could you please provide a valid email?",
  clearConfirm: 'Clear chat history? This will start a fresh conversation.',
  // docs/product.md §16.2, chat messages shown to the user
  aiFailure:
    "I'm having trouble reaching our AI brain right now, but I'd still love to help. Could you share more about your goals, budget, and timeline so a strategist can follow up?",
  aiApiKey:
    "Heads up: our AI assistant has an API configuration issue right now. Please share your project details (what you want to build, your budget and timeline) and a strategist will follow up " + site.replyPromise + '.',
  aiRateLimit:
    "I'm answering a lot of questions right now. Please try again in a moment, or share your email and a strategist will follow up.",
  aiNetwork: "I couldn't reach our AI service. Please check your connection and try again.",
  aiHiccup: 'I ran into a temporary hiccup. Please try again, or share your email so a strategist can follow up.',
  // Ours: /api/chat while a person has the conversation (docs/decisions/0019).
  withPerson: 'A person from our team has this conversation now, so the assistant does not answer. Send your message in the live chat.',
  // Ours: a conversation named without the key its browser was given (docs/decisions/0021).
  conversationForbidden: 'This conversation belongs to another browser. Start a new conversation to continue.',
} as const;

// docs/product.md §16.3, AI tool errors (word for word)
export const toolErrors = {
  unknownFunction: (name: string) => `Unknown function: ${name}`,
  bookingUnavailable: 'Booking system not available. Please visit our contact page.',
  departmentNotFound: 'Department not found',
  unknownProjectType: 'Unknown project type',
  notificationFailed: 'Failed to send notification. Please try the contact form.',
  network: 'Network error. Please try again or use the contact form.',
  // Ours: the AI lead tool files one lead per conversation (docs/decisions/0011).
  leadAlreadyRecorded: "This conversation's lead is already recorded and the team has it; nothing was sent again. Do not call submitLead again in this conversation.",
} as const;

// The flows' own wording (not fixed by the spec).
export const flowMessages = {
  leadAskName: "By the way, I'd love to make sure the right person follows up with you. What's your name?",
  leadAskEmailAnonymous: "No problem, we can skip the name. What's the best email address to reach you?",
  leadAskEmail: (name: string) => `Nice to meet you, ${name}! What's the best email address to reach you?`,
  leadAskPhone: 'Thanks! Would you like to share a phone number too? It is optional.',
  leadAskService: 'Which service are you most interested in?',
  leadAskBudget: 'What budget range do you have in mind?',
  leadAskTimeline: 'And when would you like to get started?',
  leadAskSummary: "Last one: tell me a little about your project, or say 'no' if you'd rather skip it.",
  leadComplete: (name: string) =>
    `Thank you${name ? `, ${name}` : ''}! I've passed everything on to our team, and a strategist will get back to you ${site.replyPromise}.`,
  pricingAskName: "I'd be happy to put together a price estimate for you. First, what's your name?",
  pricingAskEmail: (name: string) => `Thanks, ${name}! What email address should we send the detailed quote to?`,
  pricingAskType: 'What kind of project is it?',
  pricingAskFeatures: 'Which main features do you need? List them separated by commas (for example: user accounts, payments, admin dashboard).',
  pricingAskPages: 'Roughly how many pages will the site have?',
  pricingAskDetails: "Anything else we should know, such as integrations, deadlines or existing systems? Type 'none' or 'skip' if not.",
  pricingEstimate: (label: string, price: string, weeks: string) =>
    `Here is a first estimate for your ${label}: ${price}, delivered in about ${weeks}.`,
  pricingComplete: (name: string) =>
    `This is a rough range, not a quote. Thank you${name ? `, ${name}` : ''}! Our team will review your request and send you a detailed quote ${site.replyPromise}.`,
  askAgainName: "Sorry, I didn't catch that. What's your name?",
  askAgainType: 'Please pick a project type, or describe it in a few words.',
  askAgainFeatures: 'Please list at least one feature, or type "not sure".',
  askAgainPages: 'Please pick the number of pages, or choose "Not sure".',
} as const;

/** What the phone step records when the visitor prefers email (docs/product.md §7). */
export const PREFER_EMAIL = 'Prefer email';
/** What an empty summary or details step records. */
export const NO_NOTES = 'No additional notes';
export const NONE_PROVIDED = 'None provided';

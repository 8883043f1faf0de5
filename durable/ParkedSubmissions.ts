import { DurableObject } from 'cloudflare:workers';

export class ParkedSubmissions extends DurableObject<Env> {}

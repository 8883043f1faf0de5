import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from '../../shared/admin/csv.ts';
import { fieldLabel, labelledFields, transcript } from '../../shared/admin/leadFields.ts';
import { parseView, viewParams } from '../../shared/admin/leadView.ts';
import { inboxEvent } from '../../shared/admin/realtime.ts';

// The inbox's pure pieces: CSV cells, field labels and transcripts, the view in the URL, realtime events.

describe('CSV', () => {
  it('neutralises cells a spreadsheet would run as a formula, and quotes what needs it', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+233 24 000')).toBe("'+233 24 000");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=cmd')).toBe("'\t=cmd");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
    expect(csvCell('ama@example.com')).toBe('ama@example.com');
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
  });

  it('neutralises a formula behind blanks, in fullwidth signs, or after a tab or carriage return', () => {
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('\u00a0\u3000@SUM(A1)')).toBe("'\u00a0\u3000@SUM(A1)");
    for (const sign of ['＝', '＋', '－', '＠']) expect(csvCell(`${sign}cmd`)).toBe(`'${sign}cmd`);
    expect(csvCell('  ＝HYPERLINK(1)')).toBe("'  ＝HYPERLINK(1)");
    expect(csvCell('\rhello')).toBe(`"'\rhello"`);
    expect(csvCell(' \thello')).toBe("' \thello");
    expect(csvCell('  plain text - with = signs')).toBe('"  plain text - with = signs"');
    expect(csvCell('Ama + Kofi')).toBe('Ama + Kofi');
  });
});

describe('lead fields', () => {
  it('labels fields like the form did, without "(optional)"', () => {
    expect(fieldLabel('contact', 'message')).toBe('Your message');
    expect(fieldLabel('contact', 'company')).toBe('Company');
    expect(fieldLabel('lead', 'serviceInterest')).toBe('Service interest');
    expect(fieldLabel('booking', 'someNewField')).toBe('Some New Field');
    expect(labelledFields('lead', { name: 'A', messages: 'Visitor: hi', phone: '' })).toEqual([{ key: 'name', label: 'Name', value: 'A' }]);
  });

  it('reads a chat lead\'s conversation and rebuilds a pricing request\'s', () => {
    expect(transcript('lead', { messages: 'Visitor: hi\nBot: hello\nthere\nVisitor: bye' })).toEqual([
      { from: 'visitor', text: 'hi' }, { from: 'assistant', text: 'hello\nthere' }, { from: 'visitor', text: 'bye' },
    ]);
    expect(transcript('lead', {})).toBeNull();
    const pricing = transcript('pricing', { name: 'Kofi', email: 'k@x.co', projectType: 'E-commerce' });
    expect(pricing?.filter((t) => t.from === 'visitor').map((t) => t.text)).toEqual(['Kofi', 'k@x.co', 'E-commerce']);
    expect(transcript('contact', { message: 'x' })).toBeNull();
  });
});

describe('the view in the URL', () => {
  it('keeps what is valid, drops the rest and the defaults', () => {
    const view = parseView(new URLSearchParams('status=new&kind=nope&q=%20ama%20&sort=newest&assignee=anyone&from=2026-11-01&x=1'));
    expect(view).toEqual({ status: 'new', q: 'ama', sort: 'newest', assignee: 'anyone', from: '2026-11-01' });
    expect(viewParams(view)).toEqual({ status: 'new', q: 'ama', from: '2026-11-01' });
  });
});

describe('realtime events', () => {
  it('names the lead of an inquiry or activity event', () => {
    expect(inboxEvent(['databases.*.collections.*.documents.*.create', 'databases.main.collections.inquiries.documents.abc.create'], {})).toEqual({ collection: 'inquiries', action: 'create', leadId: 'abc' });
    expect(inboxEvent(['databases.main.collections.lead_activity.documents.n1.create'], { leadId: 'abc' })).toEqual({ collection: 'activity', action: 'create', leadId: 'abc' });
    expect(inboxEvent(['databases.main.collections.messages.documents.m.create'], {})).toBeNull();
  });
});

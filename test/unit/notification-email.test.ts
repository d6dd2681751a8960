import { describe, expect, it } from 'vitest';
import { notificationEmail } from '../../server/domains/notifications/email';

const note = { type: 'general_alert' as const, title: 'Aftercare instructions', body: 'Keep the wrap on <2h> & wash gently.', data: {} };

describe('notification e-mail', () => {
  it('greets by first name, else by handle, and escapes the HTML part', () => {
    const named = notificationEmail(
      note,
      { email: 'maya@example.com', firstName: 'Maya', displayName: '@maya.collects' },
      'https://ink.test',
    );
    expect(named).toMatchObject({ to: 'maya@example.com', subject: 'Aftercare instructions' });
    expect(named.text.startsWith('Hi Maya,\n\nKeep the wrap on <2h> & wash gently.')).toBe(true);
    expect(named.html).toContain('<p>Hi Maya,</p><p>Keep the wrap on &#60;2h&#62; &#38; wash gently.</p>');
    const handle = notificationEmail(note, { email: 'x@example.com', firstName: '  ', displayName: '@ink_fan' }, 'https://ink.test');
    expect(handle.text.startsWith('Hi @ink_fan,')).toBe(true);
  });
});

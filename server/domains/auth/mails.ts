import type { OutgoingMail } from '../../providers/mail';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A mail of paragraphs and links, in text and html from the same parts (links as `[label, url]`). */
function mail(to: string, subject: string, parts: Array<string | [string, string]>): OutgoingMail {
  return {
    to,
    subject,
    text: parts.map((part) => (typeof part === 'string' ? part : `${part[0]}: ${part[1]}`)).join('\n\n'),
    html: parts.map((part) => (typeof part === 'string' ? `<p>${escapeHtml(part)}</p>` : `<p><a href="${escapeHtml(part[1])}">${escapeHtml(part[0])}</a></p>`)).join(''),
  };
}

export function passwordResetMail(to: string, link: string, displayName: string): OutgoingMail {
  return mail(to, 'Reset your InkLink password', [
    `Hi ${displayName},`,
    'Someone asked to reset the password of your InkLink account. To choose a new password, open this link within one hour:',
    ['Reset my password', link],
    "If it wasn't you, ignore this e-mail: your password stays as it is.",
  ]);
}

/** After registering: the link that signs the new account in (the register answer says to check mail). */
export function welcomeMail(to: string, link: string, displayName: string): OutgoingMail {
  return mail(to, 'Welcome to InkLink: continue to your account', [
    `Hi ${displayName},`,
    'Your InkLink account is ready. Open this link within 15 minutes to continue, signed in:',
    ['Continue to InkLink', link],
    'Later, sign in with your e-mail and password.',
    "If you didn't create this account, ignore this e-mail.",
  ]);
}

/** Someone registered with an address that has an account: its owner is told, nobody else. */
export function registrationAttemptMail(to: string, links: { signIn: string; login: string; reset: string }, displayName: string): OutgoingMail {
  return mail(to, 'Someone tried to register with your InkLink address', [
    `Hi ${displayName},`,
    'Someone tried to create an InkLink account with this e-mail address, which already has an account. If it was you, sign in instead, with this one-time link (valid for 15 minutes) or with your password:',
    ['Sign in to InkLink', links.signIn],
    ['Sign in with your password', links.login],
    'Forgot your password? Choose a new one:',
    ['Reset my password', links.reset],
    "If it wasn't you, ignore this e-mail: nothing changed.",
  ]);
}

/** Two people registered the same display name at once; the one who lost hears of it. */
export function displayNameTakenMail(to: string, displayName: string, registerLink: string): OutgoingMail {
  return mail(to, 'Your InkLink account was not created', [
    `Someone registered the display name ${displayName} a moment before you did, so your account was not created. Please register again with another display name:`,
    ['Create your account', registerLink],
  ]);
}

/** The e-mailed unlock: signs in once even while the account refuses password attempts. */
export function signInLinkMail(to: string, link: string, displayName: string): OutgoingMail {
  return mail(to, 'Your InkLink sign-in link', [
    `Hi ${displayName},`,
    'Here is your one-time link to sign in to InkLink. It works once, within 15 minutes, even while sign-in attempts with a password are paused after many failures:',
    ['Sign in to InkLink', link],
    "If you didn't ask for it, ignore this e-mail. If someone keeps trying passwords on your account, consider choosing a new one.",
  ]);
}

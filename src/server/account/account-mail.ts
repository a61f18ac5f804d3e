// Sending the account mails after the transaction that issued the key has committed (no mail for a change that
// was rolled back, and no SMTP conversation while rows are locked). A mail that cannot be delivered is logged and
// does not fail the request: the key is stored, and the admin or user can ask for a new mail.
import type { AppServices } from '../services';
import { accountMail, activationLink, resetLink, type AccountMailKind, type MailRecipient } from '../mail/templates';

interface MailUser {
  login: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  lang_key: string | null;
}

function recipient(user: MailUser): MailRecipient | undefined {
  if (!user.email) return undefined;
  return { login: user.login, email: user.email, firstName: user.first_name, lastName: user.last_name, langKey: user.lang_key };
}

/**
 * Mails `key` to the user: `reset` and `creation` (and `activation` for a new user, who still has to choose a
 * password) link to `#/reset/finish`; `activation` with `viaActivationKey` links to `#/activate`. Answers whether
 * the mail went out.
 */
export async function sendAccountMail(
  app: AppServices,
  kind: AccountMailKind,
  user: MailUser,
  key: string,
  viaActivationKey = false,
): Promise<boolean> {
  const to = recipient(user);
  const log = app.logs.get('mail');
  if (!to) {
    log.warn(`no e-mail address for ${user.login}: ${kind} mail not sent`);
    return false;
  }
  const link = viaActivationKey ? activationLink(app.config, key) : resetLink(app.config, key);
  const message = accountMail(kind, to, link);
  try {
    await app.mail.send(message);
    return true;
  } catch (error) {
    log.error(`could not send the ${kind} mail to ${to.email}`, error);
    return false;
  }
}

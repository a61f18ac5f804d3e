// The new-password form shared by the password page and the reset-finish page: both fields required,
// 8-100 characters (shown under the field once dirty), then on submit the pair must match and be strong enough.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MIN_STRENGTH, passwordStrength } from '../../../common/password';
import type { RuleSet } from '../../../common/validation';

export interface NewPasswordValues extends Record<string, unknown> {
  newPassword: string;
  confirmPassword: string;
}

export const EMPTY_PASSWORDS: NewPasswordValues = { newPassword: '', confirmPassword: '' };

const passwordField = { required: true, minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH };

export const NEW_PASSWORD_RULES: RuleSet = {
  objectName: 'password',
  fields: { newPassword: passwordField, confirmPassword: passwordField },
};

export type PasswordRefusal = 'dontmatch' | 'weak';

/** The server refused the password as common or breached (`error.commonPassword`, a list only it holds). */
export function isCommonPasswordRefusal(error: unknown): boolean {
  const answer = error as { status?: number; body?: { errorCode?: string } } | null;
  return answer?.status === 400 && answer.body?.errorCode === 'error.commonPassword';
}

/** Why the pair cannot be sent, checked at submit in this order; null when it can. */
export function refusePasswords({ newPassword, confirmPassword }: NewPasswordValues): PasswordRefusal | null {
  if (newPassword !== confirmPassword) return 'dontmatch';
  if (passwordStrength(newPassword) < PASSWORD_MIN_STRENGTH) return 'weak';
  return null;
}

// Password strength, shared by the strength bar and the server's change/reset checks. Unlike
// ManagementPortal's server, every character counts, including `Z`, `z` and `9`.
// Letters are A-Z and a-z (other letters count as "others"); lengths are counted in code points.
//
// The rules a new password must meet: 8 to 100 characters, strength at least 40 (letters, digits and other characters
// mixed), and not common: not one of the 30,000 most common passwords of public breaches nor built on one
// (`Password1!`), nor a repeat (`aaaaaaa1!`), as ASVS 2.1.7 asks. The last rule needs the list, which only the server
// holds (server/auth/common-passwords.ts): the client cannot check it ahead, and the server answers
// `error.commonPassword` (problem `common`).

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 100;
export const PASSWORD_MIN_STRENGTH = 40;

/** Lower bounds of the strength bar's levels 1..4 (level 0 is below 20). */
export const STRENGTH_LEVEL_BOUNDS = [20, 30, 40, 55] as const;
export type StrengthLevel = 0 | 1 | 2 | 3 | 4;

/** `common` only from the server (see the file comment). */
export type PasswordProblem = 'tooShort' | 'tooLong' | 'weak' | 'common';

const LETTER = /[A-Za-z]/;
const DIGIT = /[0-9]/;
const OTHER = /[^A-Za-z0-9]/;

/** 2 per character + 10 per class used (letters, digits, others); capped at 20 under 8 chars, 10 with one class, 30 with two. */
export function passwordStrength(password: string): number {
  const length = [...password].length;
  const classes = [LETTER, DIGIT, OTHER].filter((c) => c.test(password)).length;
  let score = 2 * length + 10 * classes;
  if (length < PASSWORD_MIN_LENGTH) score = Math.min(score, 20);
  if (classes === 1) score = Math.min(score, 10);
  if (classes === 2) score = Math.min(score, 30);
  return score;
}

/** The strength bar's level: 0 (< 20), 1 (< 30), 2 (< 40), 3 (< 55), 4 (55 or more). */
export function strengthLevel(score: number): StrengthLevel {
  return STRENGTH_LEVEL_BOUNDS.filter((bound) => score >= bound).length as StrengthLevel;
}

/** Null when acceptable; otherwise why not: 8..100 characters and strength at least 40. */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (passwordStrength(password) < PASSWORD_MIN_STRENGTH) return 'weak';
  return null;
}

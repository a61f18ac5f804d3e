// REQUIRE_2FA, read with the rest of the configuration (config.ts): who must sign in with a second factor
// (docs/users.md, "Two-factor sign-in"). two-factor/ applies it.
export type TwoFactorRequirement = 'none' | 'admins' | 'staff';
export const TWO_FACTOR_REQUIREMENTS: readonly TwoFactorRequirement[] = ['none', 'admins', 'staff'];

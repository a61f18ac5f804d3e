// Account screens: activation, password reset, password change, settings. One lazy chunk.
import '../../shell-core';
export { ActivatePage } from './activate-page';
export { RegisterPage } from './register-page';
export { ResetRequestPage } from './reset-request-page';
export { ResetFinishPage } from './reset-finish-page';
export { PasswordPage } from './password-page';
export { SettingsPage } from './settings-page';
// The shell's copy of the session's end notice (dialogs render their own): see layout/shell.tsx.
export { SessionNotice } from '../../components/session-notice';

// Account screens: activation, password reset, password change, settings. One lazy chunk.
import '../../shell-core';
export { ActivatePage } from './activate-page';
export { RegisterPage } from './register-page';
export { ResetRequestPage } from './reset-request-page';
export { ResetFinishPage } from './reset-finish-page';
export { PasswordPage } from './password-page';
export { SettingsPage } from './settings-page';

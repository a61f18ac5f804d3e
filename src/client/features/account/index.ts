// Account screens: activation, password reset, password change, settings. One lazy chunk.
import '../../shell-core';
// The shell's rarely seen pages come with the account area's chunk, not with the first load: access denied (it asks
// the visitor to sign in), the error page and the page for a URL that matches no route.
export { AccessDeniedPage } from '../errors/access-denied-page';
export { ErrorPage, NotFoundPage } from '../errors/error-page';
export { ActivatePage } from './activate-page';
export { RegisterPage } from './register-page';
export { ResetRequestPage } from './reset-request-page';
export { ResetFinishPage } from './reset-finish-page';
export { PasswordPage } from './password-page';
export { SettingsPage } from './settings-page';
// The shell's copy of the session's end notice (dialogs render their own): see layout/shell.tsx.
export { SessionNotice } from '../../components/session-notice';
// What the shell shows for a failed request, loaded with this area when the first request fails (layout/app-services.ts).
export { alertForHttpError } from '../../lib/http-error-alerts';

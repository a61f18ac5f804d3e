// New password, its strength bar and the confirmation: the fields of the password and reset-finish forms.
import type { ReactNode } from 'react';
import { TextField, type Form } from '../../components/form';
import { useT } from '../../lib/i18n-react';
import type { NewPasswordValues } from './password-rules';
import { PasswordStrengthBar } from './password-strength-bar';

export function NewPasswordFields({ form }: { form: Form<NewPasswordValues> }): ReactNode {
  const t = useT();
  return (
    <>
      <TextField
        type="password"
        label={t('password.form.newPassword')}
        placeholder={t('password.form.newPasswordPlaceholder')}
        autoComplete="new-password"
        required
        {...form.field('newPassword')}
      />
      <PasswordStrengthBar password={form.values.newPassword} />
      <p className="field__hint">{t('password.rules')}</p>
      <TextField
        type="password"
        label={t('password.form.confirmPassword')}
        placeholder={t('password.form.confirmPasswordPlaceholder')}
        autoComplete="new-password"
        required
        {...form.field('confirmPassword')}
      />
    </>
  );
}

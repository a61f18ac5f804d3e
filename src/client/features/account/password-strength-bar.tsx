// The five-step strength bar under a new password: levels below 20, 30, 40, 55 and from 55 up, from
// red to green. The level's name is there for screen readers and as a tooltip; an empty password shows no level.
import { useId, type ReactNode } from 'react';
import { passwordStrength, strengthLevel } from '../../../common/password';
import { useT } from '../../lib/i18n-react';

const STEPS = [0, 1, 2, 3, 4] as const;

export function PasswordStrengthBar({ password }: { password: string }): ReactNode {
  const t = useT();
  const labelId = useId();
  const level = password === '' ? -1 : strengthLevel(passwordStrength(password));
  const levelName = level < 0 ? '' : t(`password.strength.level${level}`);
  return (
    <div className="strength-bar">
      <span id={labelId}>
        {t('password.strength.label')}
      </span>
      <div
        className="strength-bar__steps"
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={Math.max(level, 0)}
        aria-valuetext={levelName || undefined}
        data-level={level}
        title={levelName || undefined}
      >
        {STEPS.map((step) => (
          <span
            key={step}
            className={`strength-bar__step${step <= level ? ` strength-bar__step--level${level}` : ''}`}
            aria-hidden="true"
          />
        ))}
      </div>
      {levelName && <span>{levelName}</span>}
    </div>
  );
}

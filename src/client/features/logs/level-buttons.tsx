// One button per level; the logger's current level is highlighted (and pressed, for assistive technology).
import type { ReactNode } from 'react';
import { LOG_LEVELS } from './logger-filter';

export interface LevelButtonsProps {
  name: string;
  level: string;
  disabled?: boolean;
  onChange: (level: string) => void;
}

const TONE: Record<string, string> = { TRACE: 'secondary', DEBUG: 'secondary', INFO: 'primary', WARN: 'warning', ERROR: 'danger' };

export function LevelButtons({ name, level, disabled, onChange }: LevelButtonsProps): ReactNode {
  return (
    <div className="level-buttons" role="group" aria-label={name}>
      {LOG_LEVELS.map((candidate) => {
        const current = candidate === level;
        return (
          <button
            key={candidate}
            type="button"
            className={`button button--small level-buttons__button level-buttons__button--${TONE[candidate]}${current ? ' level-buttons__button--current' : ''}`}
            aria-pressed={current}
            disabled={disabled}
            onClick={() => !current && onChange(candidate)}
          >
            {candidate}
          </button>
        );
      })}
    </div>
  );
}

// GET management/health: overall status and one entry per component; a 503 carries the same body.
export interface HealthComponent {
  status: string;
  details?: Record<string, unknown>;
  error?: string;
}

export interface Health {
  status: string;
  components?: Record<string, HealthComponent>;
}

export function isHealth(value: unknown): value is Health {
  return !!value && typeof value === 'object' && typeof (value as Health).status === 'string';
}

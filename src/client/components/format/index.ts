// The formatting helpers screens use for dates and durations.
export * from './date-format';
export * from './duration-format';
export * from './relative-time';

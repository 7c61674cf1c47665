/** Time as the server sees it; tests pass a clock they can move instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

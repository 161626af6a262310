/** Hours and minutes until the sample cart expires (kept apart from the forms so the panel does not load yup). */
export function timeLeft(expiration: string, now: number): { hours: number; minutes: number } {
  const ms = Math.max(0, Date.parse(expiration) - now);
  const minutes = Math.floor(ms / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

// "about 12 minutes left": a long job's remaining time in the words a person glances at. The
// core measures the rate; these words round it, as a guess should be.

export function timeLeftWords(seconds: number): string {
  if (seconds < 60) return 'less than a minute left';
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left`;
  // Beyond an hour and a half, to the nearest ten minutes: "about 3 hours 30 minutes left".
  const tens = Math.round(minutes / 10) * 10;
  const hours = Math.floor(tens / 60);
  const rest = tens % 60;
  return `about ${hours} hours${rest > 0 ? ` ${rest} minutes` : ''} left`;
}

/** How the site writes a date: "December 27, 2024" for readers, 2024-12-27 for machines (<time datetime>). Dates are days, in UTC. */
export function displayDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

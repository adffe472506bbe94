/** '1 student', '12 students'. */
export function studentCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'student' : 'students'}`;
}

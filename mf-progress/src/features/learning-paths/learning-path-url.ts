/** `/learning-paths/<id>`: absolute, because the shell mounts the page under `/learning-paths/*`. */
export function learningPathUrl(id: string): string {
  return `/learning-paths/${encodeURIComponent(id)}`;
}

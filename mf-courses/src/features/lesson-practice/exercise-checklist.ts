/** An exercise's self-assessment checklist: its activities, then its key points, each once (svc-courses checks the same list). */
export function exerciseChecklist(lesson: { activities: string[]; keyPoints: string[] }): string[] {
  return [...new Set([...lesson.activities, ...lesson.keyPoints].map((item) => item.trim()).filter((item) => /[\p{L}\p{N}]/u.test(item)))];
}

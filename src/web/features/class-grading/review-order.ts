// The order a teacher reviews a class in (DESIGN §11): ungraded work first, then all of it.
// Submissions keep one stable order (oldest handed in first); Next goes to the next ungraded
// one after the current, wrapping round, and once nothing is left ungraded, simply to the
// next one. Previous mirrors it.

export interface ReviewItem {
  id: string;
  submitted_at: string | null;
  grade: number | null;
}

export interface ReviewPosition {
  previousId: string | null;
  nextId: string | null;
  /** Submissions with a saved grade, out of all handed in. */
  reviewed: number;
  total: number;
  /** The first submission still to grade (where 'Start reviewing' begins), if any. */
  firstToReviewId: string | null;
}

const handedInOrder = (items: ReviewItem[]) =>
  items
    .filter((item) => item.submitted_at !== null)
    .sort((a, b) =>
      a.submitted_at === b.submitted_at
        ? a.id.localeCompare(b.id)
        : (a.submitted_at ?? '').localeCompare(b.submitted_at ?? ''),
    );

const isUngraded = (item: ReviewItem) => item.grade === null;

/** Walks from the current position in one direction: ungraded first, then any. */
function step(order: ReviewItem[], currentId: string, direction: 1 | -1): string | null {
  const others = order.length - 1;
  if (others < 1) return null;
  const start = Math.max(
    0,
    order.findIndex((item) => item.id === currentId),
  );
  const at = (offset: number) => order[(start + direction * offset + order.length) % order.length]!;
  for (let offset = 1; offset <= others; offset += 1) {
    if (isUngraded(at(offset))) return at(offset).id;
  }
  return at(1).id;
}

export function reviewPosition(items: ReviewItem[], currentId: string | null): ReviewPosition {
  const order = handedInOrder(items);
  const reviewed = order.filter((item) => !isUngraded(item)).length;
  return {
    previousId: currentId ? step(order, currentId, -1) : null,
    nextId: currentId ? step(order, currentId, 1) : null,
    reviewed,
    total: order.length,
    firstToReviewId: order.find(isUngraded)?.id ?? null,
  };
}

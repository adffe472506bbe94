// Data Structures and Algorithms assignments: a closed one with grades, an open one due in
// a couple of weeks, and a draft the teacher is still preparing.
import type { DemoAssignment } from './types';

const hashTable: DemoAssignment = {
  key: 'dsa-hash-table',
  course: 'dsa',
  title: 'Hash Table Implementation',
  status: 'closed',
  totalPoints: 50,
  due: { days: -16, hour: 23, minute: 59 },
  createdAt: { days: -35, hour: 9, minute: 0 },
  description: `## Task

Implement a hash map with **separate chaining** in Python, without using \`dict\` or \`set\` inside your data structure.

\`\`\`python
class HashMap:
    def __init__(self, capacity: int = 8) -> None: ...
    def put(self, key, value) -> None: ...
    def get(self, key, default=None): ...
    def remove(self, key) -> bool: ...
    def __len__(self) -> int: ...
\`\`\`

## Requirements

- Keep the load factor at or below **0.75** by doubling the number of buckets.
- \`put\` on an existing key replaces its value; \`remove\` returns whether the key was present.
- Write tests that compare your map with Python's built-in \`dict\` on thousands of random operations.

## Report

Submit a PDF (two to four pages) that explains your collision handling, your resizing strategy and the **average and worst-case** complexity of each operation, with the key parts of your code.

Background reading: [Mapping types in the Python documentation](https://docs.python.org/3/library/stdtypes.html#mapping-types-dict).`,
  rubric: `| Criterion | Description | Points |
| --- | --- | --- |
| Correctness | put, get, remove and len behave like a dict on random operations | 20 |
| Collision handling | Chaining is implemented and explained clearly | 10 |
| Resizing | Doubles at the load factor limit and rehashes every entry | 10 |
| Complexity analysis | Average and worst case for each operation, with amortised resizing | 5 |
| Code quality and tests | Readable code, meaningful names, a thorough test suite | 5 |`,
};

const graphs: DemoAssignment = {
  key: 'dsa-graphs',
  course: 'dsa',
  title: 'Graph Traversal: BFS and DFS',
  status: 'published',
  totalPoints: 100,
  due: { days: 12, hour: 23, minute: 59 },
  createdAt: { days: -3, hour: 11, minute: 0 },
  description: `## Task

Model the campus map as an **unweighted graph** (buildings are vertices, footpaths are edges) and implement both traversals from scratch.

1. \`bfs(graph, start)\` returns vertices in breadth-first order.
2. \`dfs(graph, start)\` returns vertices in depth-first order, **iteratively** with an explicit stack.
3. \`shortest_path(graph, a, b)\` returns the path with the fewest edges, or \`None\`.

\`\`\`python
campus = {
    "Library": ["Lab", "Cafe"],
    "Lab": ["Library", "Gym"],
    "Cafe": ["Library"],
    "Gym": ["Lab"],
}
assert shortest_path(campus, "Cafe", "Gym") == ["Cafe", "Library", "Lab", "Gym"]
\`\`\`

## Notes

- Neighbours are visited in the order they are listed, so results are deterministic.
- Explain why BFS finds shortest paths in unweighted graphs and DFS does not.
- A refresher: [Breadth-first search on Wikipedia](https://en.wikipedia.org/wiki/Breadth-first_search).

Submit one PDF with your code, tests and analysis.`,
  rubric: `## BFS implementation (30 points)
- Correct order on the provided graphs, including disconnected ones

## DFS implementation (30 points)
- Iterative with an explicit stack, no recursion limit issues

## Shortest path reconstruction (20 points)
- Rebuilds the path from parent links and handles unreachable targets

## Complexity analysis (10 points)
- Time and space for each function in terms of vertices and edges

## Testing (10 points)
- Edge cases: single vertex, cycles, unreachable vertices`,
};

const heaps: DemoAssignment = {
  key: 'dsa-heaps',
  course: 'dsa',
  title: 'Heaps and Priority Queues',
  status: 'draft',
  totalPoints: 100,
  due: null,
  createdAt: { days: -1, hour: 15, minute: 0 },
  description: `## Task (draft, not yet visible to students)

Build a **binary min-heap** on top of a Python list and use it twice: to sort, and to keep the *k* largest values of a stream.

\`\`\`python
heap = MinHeap()
for value in [5, 3, 8, 1]:
    heap.push(value)
assert heap.pop() == 1
\`\`\`

## Parts

- \`push\`, \`pop\` and \`peek\` with sift-up and sift-down.
- \`heap_sort(values)\` using your heap, compared against \`sorted\`.
- \`top_k(stream, k)\` in *O(n log k)* time and *O(k)* memory.

Compare your implementation with the standard [heapq module](https://docs.python.org/3/library/heapq.html).`,
  rubric: `## Binary heap operations (40 points)
- push, pop and peek keep the heap property after every operation

## Heap sort (20 points)
- Correct on duplicates, empty input and already sorted input

## Application: top-k stream (25 points)
- Keeps at most k values and meets the time bound

## Analysis and write-up (15 points)
- Explains the complexity of each part and compares with heapq`,
};

export const DSA_ASSIGNMENTS: DemoAssignment[] = [hashTable, graphs, heaps];

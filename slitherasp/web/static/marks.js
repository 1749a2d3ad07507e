// The three marks an edge can carry on a board, shared by the rules (rules.js) and the
// variants' rules (variants.js), which import them from here and not from each other.

export const EMPTY = 0, LINE = 1, CROSS = 2;
export const STATES = ["empty", "line", "cross"];

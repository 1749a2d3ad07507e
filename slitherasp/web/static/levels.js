// The levels in words: a person's grades as Loopy's levels, and the solver's by what it
// needs (the New panel's messages and Grade's answer).

export const FOR_A_PERSON = {
  easy: "like Loopy's Easy", normal: "like Loopy's Normal", tricky: "like Loopy's Tricky",
  hard: "like Loopy's Hard", fiendish: "harder than Loopy's Hard (it takes a trial: suppose, and see it fail)",
  search: "far harder than Loopy's Hard (no rule short of a full search settles it)",
};
export const FOR_THE_SOLVER = { easy: "no guessing", medium: "a look ahead", hard: "a search" };

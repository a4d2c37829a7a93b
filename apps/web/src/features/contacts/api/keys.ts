/** The query keys of contact messages: `all` ⊃ `lists()` ⊃ the staff list's pages. An answer invalidates the lists. */
export const contactsKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactsKeys.all, 'list'] as const,
};

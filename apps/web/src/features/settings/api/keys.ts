/** The query keys of system settings: every setting with its value (POST /setting/index). */
export const settingsKeys = {
  all: ['settings'] as const,
  list: () => [...settingsKeys.all, 'list'] as const,
};

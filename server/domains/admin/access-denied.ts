// In a module without zod: the console's access gate shows it, and importing it from ./inputs put
// zod and every admin schema in the console's first download.
export const ACCESS_DENIED_MESSAGE =
  'Access denied. This admin panel requires AppAdmin user type privileges. Regular Administrative and Owner users cannot access this area.';

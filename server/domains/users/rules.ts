// Pure rules about people, shared by the server and the client.

/**
 * How a person is named to others: their first and last names, or their display name when they
 * gave none (the thread list, the request dialog and the pay dialog name people the same way).
 */
export const personName = (person: { firstName: string; lastName: string; displayName: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.displayName;

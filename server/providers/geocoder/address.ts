export type Coordinates = { latitude: number; longitude: number };

/** A US postal address as the studio forms hold it: the ZIP is its own field, so no one parses it out of a line. */
export type PostalAddress = { street: string; city: string; state: string; zipCode: string };

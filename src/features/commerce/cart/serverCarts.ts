import { createContext } from 'react';

/**
 * The carts a server-rendered page was rendered with (storefront id → the cart's stored text, or
 * null for none): the server's cart snapshot, read by useCart on the server and while the browser
 * hydrates that HTML, so both render the same page. Empty outside server-rendered pages.
 */
export const ServerCartsContext = createContext<Readonly<Record<string, string | null>>>({});

/** Shopping lists: the lists page, a list with its plan, a shared list, and "Add to list" for a product. */
export { AddToList, type ListProduct } from "./AddToList.tsx";
export { AddToListMenu } from "./AddToListMenu.tsx";
export { listKeys } from "./queries.ts";

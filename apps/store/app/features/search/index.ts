export { SearchBox, type SearchCategoryOption } from "./search-box.tsx";

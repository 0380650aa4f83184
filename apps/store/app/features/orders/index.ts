export { OrderDetails } from "./order-details.tsx";

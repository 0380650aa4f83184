export { OrderDetails, OrderLineTable } from "./order-details.tsx";

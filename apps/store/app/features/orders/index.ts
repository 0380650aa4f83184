export { BankDetails } from "./bank-details.tsx";
export { OrderDetails, OrderLineTable } from "./order-details.tsx";

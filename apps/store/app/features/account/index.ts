// The account feature's public face: the sign-in form, the header's account menu, the password field.
export { AccountMenu } from "./account-menu.tsx";
export { type AccountFormErrors, LoginForm } from "./login-form.tsx";
export { PasswordField } from "./password-field.tsx";
export { useSignedIn } from "./use-signed-in.ts";

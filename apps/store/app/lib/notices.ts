/** Flash notices shown once on the next page, e.g. after a plain form post and redirect. */
export type Notice = {
  type: "success" | "error" | "info";
  message: string;
  params?: Record<string, string>;
  /** Where the notice belongs: `login` notices are shown in the sign-in popup, which opens for them. */
  scope?: "login";
};

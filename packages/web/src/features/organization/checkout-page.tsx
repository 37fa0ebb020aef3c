// TEMPORARY: replaced by the real screen
export function CheckoutPage() {
  return <div>CheckoutPage</div>;
}

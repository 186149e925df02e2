/** The checkout's billing fields: required, checked in the browser only and never sent. */
export interface BillingDetails {
  email: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  zip: string;
}

export const billingFields = ['email', 'firstName', 'lastName', 'address', 'city', 'zip'] as const;

export type BillingProblem = 'required' | 'invalidEmail';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function billingProblems(
  details: BillingDetails,
): Partial<Record<keyof BillingDetails, BillingProblem>> {
  const problems: Partial<Record<keyof BillingDetails, BillingProblem>> = {};
  for (const field of billingFields) {
    if (!details[field].trim()) problems[field] = 'required';
  }
  if (!problems.email && !EMAIL.test(details.email.trim())) problems.email = 'invalidEmail';
  return problems;
}

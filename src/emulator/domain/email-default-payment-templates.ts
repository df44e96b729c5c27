/**
 * The platform's default payment templates, as the platform's admin API serves them (`GET /internal/email-templates`): wire values, kept byte for
 * byte. `test/emulator/email-defaults.test.ts` compares them with the official SDK's copy.
 */

/**
 * The payment receipt and payment failed templates.
 *
 * @example
 * PLATFORM_PAYMENT_TEMPLATES.map((t) => t.displayName); // ["Payment Receipt", "Payment Failed"]
 */
export const PLATFORM_PAYMENT_TEMPLATES: readonly { id: string; displayName: string; tsxSource: string }[] = [
  {
    id: "70372aee-0441-4d80-974c-2e858e40123a",
    displayName: "Payment Receipt",
    tsxSource: `import { type } from "arktype";
import { Button, Section, Hr } from "@react-email/components";
import { Subject, NotificationCategory, Props } from "@stackframe/emails";

export const variablesSchema = type({
  productName: "string",
  quantity: "number",
  amount: "string",
  receiptLink: "string?"
});

export function EmailTemplate({ user, project, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <>
      <Subject value={"Your receipt from " + project.displayName} />
      <NotificationCategory value="Transactional" />
      <div className="bg-white text-[#242424] font-sans text-base font-normal tracking-[0.15008px] leading-[1.5] m-0 py-8 w-full min-h-full">
        <Section className="bg-white">
          <h3 className="text-black font-sans font-bold text-[20px] text-center py-4 px-6 m-0">
            Thanks for your purchase
          </h3>
          <p className="text-[#474849] font-sans font-normal text-[14px] text-center pt-2 px-6 pb-4 m-0">
            Hi{user.displayName ? (", " + user.displayName) : ""}! Your payment for {variables.productName} is complete.
          </p>
          <div className="px-6">
            <p className="text-black font-sans font-bold text-[16px] text-center m-0">
              Total paid: {variables.amount}
            </p>
            <p className="text-[#474849] font-sans text-[13px] text-center mt-2 mb-0">
              Quantity: {variables.quantity}
            </p>
          </div>
          {variables.receiptLink ? (
            <div className="text-center py-4 px-6">
              <Button
                href={variables.receiptLink}
                target="_blank"
                className="text-black font-sans font-bold text-[14px] inline-block bg-[#f0f0f0] rounded-[4px] py-3 px-5 no-underline border-0"
              >
                View receipt
              </Button>
            </div>
          ) : null}
          <div className="py-4 px-6">
            <Hr />
          </div>
        </Section>
      </div>
    </>
  );
}

EmailTemplate.PreviewVariables = {
  productName: "Pro Plan",
  quantity: 1,
  amount: "$29.00",
  receiptLink: "https://example.com/receipt"
} satisfies typeof variablesSchema.infer;
`,
  },
  {
    id: "f64b1afe-27ec-4a28-a277-7178f3261f9a",
    displayName: "Payment Failed",
    tsxSource: `import { type } from "arktype";
import { Button, Section, Hr } from "@react-email/components";
import { Subject, NotificationCategory, Props } from "@stackframe/emails";

export const variablesSchema = type({
  productName: "string",
  amount: "string",
  invoiceUrl: "string?",
  failureReason: "string?"
});

export function EmailTemplate({ user, project, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <>
      <Subject value={"Payment failed for " + project.displayName} />
      <NotificationCategory value="Transactional" />
      <div className="bg-white text-[#242424] font-sans text-base font-normal tracking-[0.15008px] leading-[1.5] m-0 py-8 w-full min-h-full">
        <Section className="bg-white">
          <h3 className="text-black font-sans font-bold text-[20px] text-center py-4 px-6 m-0">
            We couldn't process your payment
          </h3>
          <p className="text-[#474849] font-sans font-normal text-[14px] text-center pt-2 px-6 pb-4 m-0">
            Hi{user.displayName ? (", " + user.displayName) : ""}! Your payment for {variables.productName} ({variables.amount}) did not go through.
          </p>
          {variables.failureReason ? (
            <p className="text-[#8a8b8b] font-sans text-[12px] text-center px-6 pb-2 m-0">
              Reason: {variables.failureReason}
            </p>
          ) : null}
          {variables.invoiceUrl ? (
            <div className="text-center py-3 px-6">
              <Button
                href={variables.invoiceUrl}
                target="_blank"
                className="text-black font-sans font-bold text-[14px] inline-block bg-[#f0f0f0] rounded-[4px] py-3 px-5 no-underline border-0"
              >
                View invoice
              </Button>
            </div>
          ) : null}
          <div className="py-4 px-6">
            <Hr />
          </div>
          <p className="text-[#474849] font-sans font-normal text-[12px] text-center pt-1 px-6 pb-6 m-0">
            Please update your payment details to avoid service interruption.
          </p>
        </Section>
      </div>
    </>
  );
}

EmailTemplate.PreviewVariables = {
  productName: "Pro Plan",
  amount: "$29.00",
  invoiceUrl: "https://example.com/billing",
  failureReason: "Your card was declined"
} satisfies typeof variablesSchema.infer;
`,
  },
];

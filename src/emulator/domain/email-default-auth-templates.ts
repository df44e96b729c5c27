/**
 * The platform's default sign-in templates, as the platform's admin API serves them (`GET /internal/email-templates`): wire values, kept byte for
 * byte. `test/emulator/email-defaults.test.ts` compares them with the official SDK's copy.
 */

/**
 * The e-mail verification, password reset and magic link/OTP templates.
 *
 * @example
 * PLATFORM_AUTH_TEMPLATES.map((t) => t.displayName); // ["Email Verification", "Password Reset", "Magic Link/OTP"]
 */
export const PLATFORM_AUTH_TEMPLATES: readonly { id: string; displayName: string; tsxSource: string }[] = [
  {
    id: "e7d009ce-8d47-4528-b245-5bf119f2ffa3",
    displayName: "Email Verification",
    tsxSource: `import { type } from "arktype"
import { Button, Section, Hr, Text, Heading } from "@react-email/components";
import { Subject, NotificationCategory, Props } from "@stackframe/emails";

export const variablesSchema = type({
  emailVerificationLink: "string"
})

export function EmailTemplate({ user, project, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <>
      <Subject value={\`Verify your email at \${project.displayName}\`} />
      <NotificationCategory value="Transactional" />
      <div className="font-sans text-base font-normal tracking-[0.15008px] leading-[1.5] m-0 py-8 w-full min-h-full">
        <Section>
          <Heading as="h3" className="font-sans font-bold text-[20px] text-center py-4 px-6 m-0">
            Verify your email at {project.displayName}
          </Heading>
          <p className="font-sans font-normal text-[14px] text-center pt-2 px-6 pb-4 m-0 opacity-80">
            Hi{user.displayName ? (", " + user.displayName) : ''}! Please click on the following button to verify your email.
          </p>
          <div className="text-center py-3 px-6">
            <Button
              href={variables.emailVerificationLink}
              className="text-black font-sans font-bold text-[14px] inline-block bg-[#f0f0f0] rounded-[4px] py-3 px-5 no-underline border-0"
            >
              Verify my email
            </Button>
          </div>
          <div className="py-4 px-6">
            <Hr className="opacity-20" />
          </div>
          <p className="font-sans font-normal text-[12px] text-center pt-1 px-6 pb-6 m-0 opacity-60">
            If you were not expecting this email, you can safely ignore it. 
          </p>
        </Section>
      </div>
    </>
  )
}

EmailTemplate.PreviewVariables = {
  emailVerificationLink: "#"
} satisfies typeof variablesSchema.infer`,
  },
  {
    id: "a70fb3a4-56c1-4e42-af25-49d25603abd0",
    displayName: "Password Reset",
    tsxSource: `import { type } from "arktype"
import { Button, Section, Hr, Text, Heading } from "@react-email/components"
import { Subject, NotificationCategory, Props} from "@stackframe/emails"

export const variablesSchema = type({
  passwordResetLink: "string"
})

export function EmailTemplate({ user, project, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <>
      <Subject value={"Reset your password at " + project.displayName} />
      <NotificationCategory value="Transactional" />
      <div className="font-sans text-base font-normal tracking-tight leading-relaxed py-8 w-full min-h-full">
        <Section>
          <Heading as="h3" className="font-sans font-bold text-[20px] text-center py-4 px-6 m-0">
            Reset your password at {project.displayName}
          </Heading>

          <p className="text-sm font-sans font-normal text-center pt-2 pb-4 px-6 m-0 opacity-80">
            Hi{user.displayName ? (", " + user.displayName) : ""}! Please click on the following button to start the password reset process.
          </p>

          <div className="text-center px-6 py-3">
            <Button
              href={variables.passwordResetLink}
              className="text-black text-sm font-sans font-bold bg-[#f0f0f0] rounded-[4px] inline-block py-3 px-5 no-underline border-none"
              target="_blank"
            >
              Reset my password
            </Button>
          </div>

          <div className="px-6 py-4">
            <Hr className="opacity-20" />
          </div>

          <p className="text-xs font-sans font-normal text-center pt-1 pb-6 px-6 m-0 opacity-60">
            If you were not expecting this email, you can safely ignore it.
          </p>
        </Section>
      </div>
    </>
  )
}

EmailTemplate.PreviewVariables = {
   passwordResetLink: "#"
} satisfies typeof variablesSchema.infer`,
  },
  {
    id: "822687fe-8d0a-4467-a0d1-416b6e639478",
    displayName: "Magic Link/OTP",
    tsxSource: `import { type } from 'arktype';
import { Section, Hr, Text, Heading } from '@react-email/components';
import { Subject, NotificationCategory, Props } from '@stackframe/emails';

export const variablesSchema = type({
  magicLink: 'string',
  otp: 'string',
});

export function EmailTemplate({ user, project, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <>
      <Subject value={"Sign in to " + project.displayName + ": Your code is " + variables.otp} />
      <NotificationCategory value="Transactional" />
      <div className="font-sans text-base font-normal tracking-[0.15008px] leading-6 m-0 py-8 w-full min-h-full">
        <Section className="mx-auto">
          <Heading as="h3" className="font-sans font-bold text-xl text-center px-6 py-4 m-0">
            Sign in to {project.displayName}
          </Heading>
          <p className="text-sm font-sans font-normal text-center px-6 py-4 m-0 opacity-80">
            Hi{user.displayName ? ", " + user.displayName : ""}! This is your one-time-password for signing in:
          </p>
          <p className="text-2xl font-mono font-bold text-center px-6 py-4 m-0">
            {variables.otp}
          </p>
          <p className="text-sm font-sans font-normal text-center px-6 py-4 m-0">
            Or you can click on{' '}
            <a
              key={20}
              href={variables.magicLink}
              rel="noopener noreferrer"
              className="text-blue-600 underline"
            >
              this link
            </a>{' '}
            to sign in
          </p>
          <Hr className="px-6 py-4 opacity-20" />
          <p className="text-xs font-sans font-normal text-center px-6 pt-1 pb-6 m-0 opacity-60">
            If you were not expecting this email, you can safely ignore it.
          </p>
        </Section>
      </div>
    </>
  );
}

EmailTemplate.PreviewVariables = {
  magicLink: "#",
  otp: "3SLSWZ"
} satisfies typeof variablesSchema.infer`,
  },
];

/**
 * The platform's default e-mail themes, and the template sources it previews themes with and starts new templates
 * from, as its admin API serves them (`GET /internal/email-themes/{id}`, `GET /internal/email-templates`): wire
 * values, kept byte for byte. `test/emulator/email-defaults.test.ts` compares them with the official SDK's copy.
 */

/**
 * The three built-in themes: id, display name and TSX source.
 *
 * @example
 * PLATFORM_DEFAULT_THEMES[0].displayName; // "Default Light"
 */
export const PLATFORM_DEFAULT_THEMES: readonly { id: string; displayName: string; tsxSource: string }[] = [
  {
    id: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac",
    displayName: "Default Light",
    tsxSource: `import { Html, Head, Tailwind, Body, Container, Section } from '@react-email/components';
import { ThemeProps, ProjectLogo } from "@stackframe/emails";

export function EmailTheme({ children, unsubscribeLink, projectLogos }: ThemeProps) {
  return (
    <Html>
      <Head />
      <Tailwind>
        <Body className="bg-[#fafbfb] font-sans text-base m-0 p-0" style={{ overflowX: 'hidden' }}>
          <div className="py-8 px-4 flex justify-center">
            <Container className="bg-white p-[45px] rounded-lg shadow-sm mx-auto" style={{ width: '100%', maxWidth: '600px' }}>
              <ProjectLogo data={projectLogos} mode="light" />
              {children}
            </Container>
          </div>
          {unsubscribeLink && (
            <Section className="p-4 opacity-60 text-center" style={{ textAlign: 'center' }}>
              <a href={unsubscribeLink} className="text-blue-600" target="_blank" rel="noopener noreferrer">Click here</a> to unsubscribe from these emails
            </Section>
          )}
        </Body>
      </Tailwind>
    </Html>
  );
}

EmailTheme.PreviewProps = {
  unsubscribeLink: "https://example.com",
} satisfies Partial<ThemeProps>
`,
  },
  {
    id: "a0172b5d-cff0-463b-83bb-85124697373a",
    displayName: "Default Dark",
    tsxSource: `import { Html, Head, Tailwind, Body, Container, Section } from '@react-email/components';
import { ThemeProps, ProjectLogo } from "@stackframe/emails";

export function EmailTheme({ children, unsubscribeLink, projectLogos }: ThemeProps) {
  return (
    <Html>
      <Head />
      <Tailwind>
        <Body className="bg-[#323232] font-sans text-white m-0 p-0" style={{ overflowX: 'hidden' }}>
          <div className="py-8 px-4 flex justify-center">
            <Container className="bg-black p-[45px] rounded-lg shadow-sm mx-auto" style={{ width: '100%', maxWidth: '600px' }}>
              <ProjectLogo data={projectLogos} mode="dark" />
              {children}
            </Container>
          </div>
          {unsubscribeLink && (
            <Section className="p-4 opacity-60 text-center" style={{ textAlign: 'center' }}>
              <a href={unsubscribeLink} className="text-blue-600" target="_blank" rel="noopener noreferrer">Click here</a> to unsubscribe from these emails
            </Section>
          )}
        </Body>
      </Tailwind>
    </Html>
  );
}

EmailTheme.PreviewProps = {
  unsubscribeLink: "https://example.com",
} satisfies Partial<ThemeProps>
`,
  },
  {
    id: "c7e2d94f-8a1b-4e6d-b3f5-9d0a2e7c1b8f",
    displayName: "Default Colorful",
    tsxSource: `import { Html, Head, Tailwind, Body, Container, Section } from '@react-email/components';
import { ThemeProps, ProjectLogo } from "@stackframe/emails";

export function EmailTheme({ children, unsubscribeLink, projectLogos }: ThemeProps) {
  return (
    <Html>
      <Head />
      <Tailwind>
        <Body className="bg-[#f0eef6] font-sans text-base m-0 p-0" style={{ overflowX: 'hidden' }}>
          <div className="py-8 px-4 flex justify-center">
            <Container className="bg-white p-[45px] rounded-2xl mx-auto" style={{ width: '100%', maxWidth: '600px', borderTop: '4px solid #7c5ce0' }}>
              <ProjectLogo data={projectLogos} mode="light" />
              {children}
            </Container>
          </div>
          {unsubscribeLink && (
            <Section className="p-4 opacity-60 text-center" style={{ textAlign: 'center' }}>
              <a href={unsubscribeLink} className="text-[#7c5ce0]" target="_blank" rel="noopener noreferrer">Click here</a> to unsubscribe from these emails
            </Section>
          )}
        </Body>
      </Tailwind>
    </Html>
  );
}

EmailTheme.PreviewProps = {
  unsubscribeLink: "https://example.com",
} satisfies Partial<ThemeProps>
`,
  },
];


/**
 * The source of a newly created template.
 *
 * @example
 * createCatalogRecord(store, { kind: "template", projectId, displayName: "Welcome", tsxSource: PLATFORM_NEW_TEMPLATE_SOURCE });
 */
export const PLATFORM_NEW_TEMPLATE_SOURCE = `import { type } from "arktype"
import { Container } from "@react-email/components";
import { Subject, NotificationCategory, Props } from "@stackframe/emails";

export const variablesSchema = type({
  count: "number"
});

export function EmailTemplate({ user, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <Container>
      <Subject value={\`Hello \${user.displayName}!\`} />
      <NotificationCategory value="Transactional" />
      <div className="font-bold">Hi {user.displayName}!</div>
      <br />
      count is {variables.count}
    </Container>
  );
}

EmailTemplate.PreviewVariables = {
  count: 10
} satisfies typeof variablesSchema.infer`;

/**
 * The template a theme is previewed (and checked) with when it is saved.
 *
 * @example
 * renderEmail({ templateSource: PLATFORM_PREVIEW_TEMPLATE_SOURCE, themeSource, preview: true, scope });
 */
export const PLATFORM_PREVIEW_TEMPLATE_SOURCE = `import { Button, Section, Hr, Text, Heading } from "@react-email/components";
import { Subject, NotificationCategory } from "@stackframe/emails";

export const variablesSchema = v => v;

export function EmailTemplate({ user, project }) {
  return (
    <>
      <Subject value={\`Verify your email at \${project.displayName}\`} />
      <NotificationCategory value="Transactional" />
      <div className="font-sans text-base font-normal tracking-[0.15008px] leading-[1.5] m-0 py-8 w-full min-h-full">
        <Section>
          <Heading as="h3" className="font-sans font-bold text-[20px] text-center py-4 px-6 m-0">
            Verify your email at {project.displayName}
          </Heading>
          <Text className="font-sans font-normal text-[14px] text-center pt-2 px-6 pb-4 m-0 opacity-80">
            Hi{user.displayName ? (", " + user.displayName) : ''}! Please click on the following button to verify your email.
          </Text>
          <div className="text-center py-3 px-6">
            <Button
              href="#"
              className="text-black font-sans font-bold text-[14px] inline-block bg-[#f0f0f0] rounded-[4px] py-3 px-5 no-underline border-0"
            >
              Verify my email
            </Button>
          </div>
          <div className="py-4 px-6">
            <Hr className="opacity-20" />
          </div>
          <Text className="font-sans font-normal text-[12px] text-center pt-1 px-6 pb-6 m-0 opacity-60">
            If you were not expecting this email, you can safely ignore it. 
          </Text>
        </Section>
      </div>
    </>
  )
}`;

/**
 * The theme of an e-mail sent with no theme (`theme_id: false`).
 *
 * @example
 * renderEmail({ templateSource, themeSource: PLATFORM_EMPTY_THEME_SOURCE, scope });
 */
export const PLATFORM_EMPTY_THEME_SOURCE = `import { Html, Tailwind, Body } from '@react-email/components';
export function EmailTheme({ children }: { children: React.ReactNode }) {
  return (
    <Html>
      <Tailwind>
        <Body>
          {children}
        </Body>
      </Tailwind>
    </Html>
  );
}`;

import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { LANDING_MAX_WIDTH } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePublicConfig } from '../api/public-config';

/**
 * The public landing page (spec §1, §2). Kept light on purpose: Mantine layout pieces and one
 * query, no form library, so the first screen a visitor sees loads fast.
 */
export default function LandingPage() {
  return (
    <Box bg="gray.0" mih="100vh">
      <Header />
      <Box component="main">
        <Hero />
        <Container size={LANDING_MAX_WIDTH} py={48}>
          <Stack gap={48}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
              <Section title="For Certified Users">
                <Text>
                  Already certified? Log in with the same email address you used when you registered with the certifying
                  board.
                </Text>
                <Text>You may need your certification number, so keep it at hand.</Text>
              </Section>
              <Section title="For Non-Certified Individuals">
                <Text>
                  Not certified yet? You must get certified first: complete the training and pass the exam on the
                  certifying board&apos;s own website.
                </Text>
                <Text>Once you are certified, come back here and log in.</Text>
              </Section>
            </SimpleGrid>
            <Contact />
            <Group justify="center" gap="md">
              <Button component={Link} to="/signup" color="landing" size="lg">
                Get Started
              </Button>
              <Button component={Link} to="/login" color="landing" variant="outline" size="lg">
                Sign In
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>
      <Box component="footer" py="lg">
        <Text ta="center" size="sm" c="dimmed">
          © {new Date().getFullYear()} Certified Recycling Advocate
        </Text>
      </Box>
    </Box>
  );
}

function Header() {
  return (
    <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size={LANDING_MAX_WIDTH} py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" c="landing.7" fw={700}>
            <Group gap="xs" wrap="nowrap">
              <Image src="/favicon.svg" alt="Certified Recycling Advocate logo" w={36} h={36} />
              <Text span fw={700} visibleFrom="xs" inherit>
                Certified Recycling Advocate
              </Text>
            </Group>
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            <Button component={Link} to="/signup" color="landing">
              Sign Up
            </Button>
            <Button component={Link} to="/login" color="landing" variant="outline">
              Login
            </Button>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

function Hero() {
  return (
    <Box bg="landing.6" c="white" py={72}>
      <Container size={LANDING_MAX_WIDTH}>
        <Stack align="center" gap="sm">
          <Title order={1} ta="center" fz={{ base: 32, sm: 44 }}>
            Welcome to Certified Recycling Advocate
          </Title>
          <Text ta="center" fz="xl">
            Your pathway to professional certification
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p="xl" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} c="landing.7" size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Contact() {
  const config = usePublicConfig();
  return (
    <Paper component="section" withBorder radius="md" p="xl" aria-label="Contact Us">
      <Stack gap="sm">
        <Title order={2} c="landing.7" size="h3">
          Contact Us
        </Title>
        {config.isPending ? (
          <Stack gap="xs" aria-busy>
            <Skeleton h={16} w="60%" />
            <Skeleton h={16} w="50%" />
          </Stack>
        ) : config.isError ? (
          <Text c="dimmed">The contact details cannot be shown right now. Please try again later.</Text>
        ) : (
          <>
            <Text>
              Support email: <Anchor href={`mailto:${config.data.supportEmail}`}>{config.data.supportEmail}</Anchor>
            </Text>
            <Text>
              Certifying board website:{' '}
              <Anchor href={config.data.boardUrl} target="_blank" rel="noopener noreferrer">
                {config.data.boardUrl}
              </Anchor>
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}

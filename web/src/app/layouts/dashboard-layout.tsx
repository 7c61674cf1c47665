import { Button, Container, Group, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useAuth } from '../../features/auth/store';

/** The dashboard shell. (The full layout with sidebar and navbar is built on this route.) */
export default function DashboardLayout() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  return (
    <Container py="xl">
      <Group justify="space-between">
        <Title order={1}>Default Brand Text</Title>
        <Group>
          <Text>Hello, {user?.name}</Text>
          <Button
            variant="light"
            onClick={() => {
              void logout().then(() => navigate('/login'));
            }}
          >
            Log out
          </Button>
        </Group>
      </Group>
    </Container>
  );
}

import { Link } from 'react-router';
import { Screen } from '@/components/Screen';
import { screen } from './paths';

export function NotFound() {
  return (
    <Screen title="Page not found">
      <p>No screen lives at this address.</p>
      <p>
        <Link to={screen('home').path}>Go to Home</Link>
      </p>
    </Screen>
  );
}

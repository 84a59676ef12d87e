import { useNavigate } from 'react-router';
import { Onboarding } from '@/features/onboarding/Onboarding';
import { screen } from '../paths';

export function AddWalletRoute() {
  const navigate = useNavigate();
  return <Onboarding mode="add" onFinished={() => navigate(screen('accounts').path)} />;
}

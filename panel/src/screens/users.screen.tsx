import type { ScreenProps } from '../app';

export default function Screen(_props: ScreenProps) {
  return <p>users</p>;
}

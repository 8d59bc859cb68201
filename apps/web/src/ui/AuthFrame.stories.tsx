import type { Story } from '@ladle/react';
import { AuthFrame } from './AuthFrame';
import { Button } from './Button';
import { TextField } from './TextField';

export const SignIn: Story = () => (
  <AuthFrame title="Sign in to Salondesk" description="Welcome back." footer={<a href="#phone">Sign in with a phone code</a>}>
    <form className="mt-6 flex flex-col gap-5">
      <TextField label="Username or email" name="username" />
      <TextField label="Password" name="password" type="password" />
      <Button size="lg" block>
        Sign in
      </Button>
    </form>
  </AuthFrame>
);

export const WithError: Story = () => (
  <AuthFrame title="Enter your code" error="The code is wrong or has expired. Check it, or ask for a new one.">
    <form className="mt-6 flex flex-col gap-5">
      <TextField label="6-digit code" name="pin" inputMode="numeric" />
      <Button size="lg" block>
        Verify
      </Button>
    </form>
  </AuthFrame>
);

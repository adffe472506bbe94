// The student side of a story: signing in as one of a class made through the API, and back out.
import type { Page } from '@playwright/test';
import type { ClassOfStudents } from './api';
import { expect } from './test';

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Signs in through the form with an account's email and password. */
export async function signInAsStudent(page: Page, student: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signing in returns to the page the last session was on, or to the dashboard.
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** The student's own assignment page, on the tab that shows their grade. */
export async function openOwnSubmission(page: Page, work: ClassOfStudents) {
  await page.goto(`/student/courses/${work.courseId}/assignments/${work.assignmentId}`);
  await page.getByRole('tab', { name: 'Submit Assignment' }).click();
}

// Test fixture: a kernel header in a subfolder, as some real answers have.
#pragma once

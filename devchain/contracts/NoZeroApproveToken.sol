// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// An ERC-20 whose approve refuses an allowance of 0, as a few deployed tokens do: a wallet
/// revoking with approve(spender, 0) must find another way. Test-only; the seed does not deploy it.
contract NoZeroApproveToken {
    mapping(address owner => mapping(address spender => uint256)) public allowance;
    mapping(address owner => uint256) public balanceOf;

    event Approval(address indexed owner, address indexed spender, uint256 value);

    function mint(address to, uint256 value) external {
        balanceOf[to] += value;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        require(value != 0, "approve: zero value");
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }
}
